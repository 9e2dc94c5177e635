// CirclesKit: the commands of the circles tool as library calls.
