module example.com/fromgomod

go 1.26
