// The Feed layer; see DESIGN.md.
