"""What ``scripts/package`` uses: the static build, the platform tag and the wheel writer."""
