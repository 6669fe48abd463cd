x â† 'café'
