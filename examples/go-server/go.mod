module vendor-api.example/go-server

go 1.22
