'abc' = 'ab'
