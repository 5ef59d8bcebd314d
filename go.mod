module trull

go 1.26
