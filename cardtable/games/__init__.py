"""The built-in games; importing this package registers them."""

from . import scala40  # noqa: F401
