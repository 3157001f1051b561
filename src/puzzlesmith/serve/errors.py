"""The errors of the web API, below every module of :mod:`puzzlesmith.serve` that raises them."""

__all__ = ["BadRequest"]


class BadRequest(Exception):
    """A request the API cannot take: HTTP ``status`` (400 unless said) and a message."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status
