"""`verify`: send a baseline's recorded calls to the live server and compare the answers.

Pure parts only here (`calls`: the baseline's calls as the live pass sends them);
the comparison itself is the diff's behaviour pass (`mcpvcr.diff.behaviour`).
"""
