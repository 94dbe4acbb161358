"""Tests of the contract diff, the gate, the ignore file and the CI integration."""
