"""Rules of the paged lists (sessions, personas, surveys): cursors, page sizes, sorts."""
