"""signal, small size, computed another way: for x = 1..N the difference with the previous item
is 1, so each item is min(50, 50/(x+0.01)) and never below ¯50."""
N = 100
print('%.10g' % sum(min(50.0, 50.0 / (x + 0.01)) for x in range(1, N + 1)))
