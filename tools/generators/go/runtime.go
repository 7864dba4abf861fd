// Package generators pins what the generator matrix's Go row needs: oapi-codegen (the `tool`
// of go.mod) and the runtime its generated clients import, required here so that `go mod tidy`
// keeps it and go.sum holds the checksums of both.
package generators

import _ "github.com/oapi-codegen/runtime"
