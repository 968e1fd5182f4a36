"""The built-in games; importing this package registers them."""

from . import scala40  # noqa: F401

# isort: split
from . import rummy51  # noqa: F401

# isort: split
from . import page_one  # noqa: F401

# isort: split
from . import progressive  # noqa: F401

# isort: split
from . import gin  # noqa: F401

# isort: split
from . import indian_rummy  # noqa: F401
