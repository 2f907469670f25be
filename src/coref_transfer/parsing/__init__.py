"""Italian analysis: parser backends behind one interface, and the project's own parser."""
