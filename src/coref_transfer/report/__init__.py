"""Reports: readability, the paper's tables and figures, the human-evaluation kit."""
