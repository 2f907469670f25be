"""Machine translation behind one interface: backends, a persistent cache, the service."""
