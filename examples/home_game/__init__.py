"""The home-game web table: a Starlette app, its page and the per-seat views it sends."""
