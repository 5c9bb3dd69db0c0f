// The FeedService layer; see DESIGN.md.
