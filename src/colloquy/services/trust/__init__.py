"""Services of how far to trust a simulation: session health and the personality audit."""
