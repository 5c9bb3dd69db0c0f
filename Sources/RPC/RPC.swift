// The RPC layer; see DESIGN.md.
