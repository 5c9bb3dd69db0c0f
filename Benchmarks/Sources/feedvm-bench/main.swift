// The benchmark driver arrives with the JSON and performance issues.
print("no benchmarks yet")
