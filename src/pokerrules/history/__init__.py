"""Hand histories: the Poker Hand History (PHH) format and replay through the engine."""
