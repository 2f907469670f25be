"""Stage γ: placeholder replacement, translation, and resolution of the mentions."""
