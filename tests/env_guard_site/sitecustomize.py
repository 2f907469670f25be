"""Installs tests/env_guard.py's import guard when COREF_ENV_GUARD names an environment file.

Only on PYTHONPATH for the subprocesses of tests/test_envs.py, so that every
Python process of a guarded command (worker processes included) has the guard.
"""

import os
import sys

if os.environ.get("COREF_ENV_GUARD"):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        import env_guard
    finally:
        del sys.path[0]
    env_guard.install_from_environ()
