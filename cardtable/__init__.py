"""cardtable: real card games at one keyboard in the terminal."""

__version__ = "0.1.0"
