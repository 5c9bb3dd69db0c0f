// The Network layer; see DESIGN.md.
