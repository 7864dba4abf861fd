package main

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
)

const (
	apiVersion         = "2023-06-01"
	versionHeader      = "vendor-version"
	controlTokenHeader = "test-control-token"
	maxBodyBytes       = 256 << 20 // "256 MB", read as 2^20-byte megabytes
)

// APIError is an answer with the API's error body.
type APIError struct {
	Status  int
	Type    string
	Message string
}

func (e *APIError) Error() string { return e.Type + ": " + e.Message }

func invalid(format string, args ...any) *APIError {
	return &APIError{http.StatusBadRequest, "invalid_request_error", fmt.Sprintf(format, args...)}
}

func notFound(format string, args ...any) *APIError {
	return &APIError{http.StatusNotFound, "not_found_error", fmt.Sprintf(format, args...)}
}

// ErrorBody is {"type": "error", "error": {"type": ..., "message": ...}}.
type ErrorBody struct {
	Type  string      `json:"type"`
	Error ErrorDetail `json:"error"`
}

type ErrorDetail struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

func errorBody(e *APIError) ErrorBody {
	return ErrorBody{Type: "error", Error: ErrorDetail{Type: e.Type, Message: e.Message}}
}

// jsonLines is an answer in JSON lines (the batch results).
type jsonLines []any

// credential is the kind of API key an operation takes.
type credential int

const (
	workspaceKey credential = iota
	adminKey
)

func (c credential) String() string {
	if c == adminKey {
		return "an admin API key"
	}
	return "a workspace API key"
}

// call is one request of the documented API, once authenticated: the caller is the key's
// workspace id (workspace keys) or organization id (admin keys).
type call struct {
	r      *http.Request
	caller string
	body   []byte
}

type operation func(s *State, c *call) (any, error)

type server struct {
	state        *State
	controlToken string
	verbose      bool
}

func (srv *server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	api := func(pattern string, kind credential, op operation) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) { srv.serveAPI(w, r, kind, op) })
	}
	api("POST /v1/messages", workspaceKey, opMessagesCreate)
	api("POST /v1/messages/count_tokens", workspaceKey, opCountTokens)
	api("POST /v1/messages/batches", workspaceKey, opBatchesCreate)
	api("GET /v1/messages/batches", workspaceKey, opBatchesList)
	api("GET /v1/messages/batches/{id}", workspaceKey, opBatchesRetrieve)
	api("DELETE /v1/messages/batches/{id}", workspaceKey, opBatchesDelete)
	api("GET /v1/messages/batches/{id}/results", workspaceKey, opBatchesResults)
	api("POST /v1/messages/batches/{id}/cancel", workspaceKey, opBatchesCancel)
	api("POST /v1/organizations/workspaces/{id}/archive", adminKey, opWorkspaceArchive)
	srv.controlRoutes(mux)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		srv.write(w, r, nil, notFound("no operation at %s %s", r.Method, r.URL.Path))
	})
	return mux
}

// serveAPI authenticates, checks the version header, reads the body and runs the operation under
// the state's lock.
func (srv *server) serveAPI(w http.ResponseWriter, r *http.Request, kind credential, op operation) {
	body, err := readBody(w, r)
	if err == nil {
		var caller string
		if caller, err = srv.authenticate(r, kind); err == nil {
			if r.Header.Get(versionHeader) != apiVersion {
				err = invalid("%s: required, %s", versionHeader, apiVersion)
			} else {
				srv.state.mu.Lock()
				var answer any
				answer, err = op(srv.state, &call{r: r, caller: caller, body: body})
				srv.state.mu.Unlock()
				if err == nil {
					srv.write(w, r, answer, nil)
					return
				}
			}
		}
	}
	srv.write(w, r, nil, err)
}

// authenticate gives the caller of a key of the right kind.
func (srv *server) authenticate(r *http.Request, kind credential) (string, error) {
	if r.Header.Get("authorization") != "" {
		return "", &APIError{401, "authentication_error", "access tokens are not supported by this example server"}
	}
	key := r.Header.Get("x-api-key")
	if key == "" {
		return "", &APIError{401, "authentication_error", "x-api-key: an API key is required"}
	}
	srv.state.mu.Lock()
	found, ok := srv.state.keys[key]
	srv.state.mu.Unlock()
	if !ok {
		return "", &APIError{401, "authentication_error", "invalid API key"}
	}
	if found.kind != kind {
		return "", &APIError{403, "permission_error", fmt.Sprintf("this endpoint takes %s, not %s", kind, found.kind)}
	}
	if kind == adminKey {
		return found.organizationID, nil
	}
	return found.workspaceID, nil
}

// readBody reads the whole body; one over the size limit is drained and refused.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if r.ContentLength > maxBodyBytes {
		io.Copy(io.Discard, r.Body)
		return nil, &APIError{413, "request_too_large", fmt.Sprintf("the body exceeds %d bytes (256 MB)", maxBodyBytes)}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, &APIError{413, "request_too_large", fmt.Sprintf("the body exceeds %d bytes (256 MB)", maxBodyBytes)}
	}
	if err != nil {
		return nil, invalid("the body could not be read: %v", err)
	}
	return body, nil
}

// decodeJSON reads a JSON body into v; unknown fields are let through (the documents show only
// some fields of each body).
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return invalid("the body must be JSON of the documented shape: %s", jsonErrorText(err))
	}
	if dec.More() {
		return invalid("the body must be one JSON value")
	}
	return nil
}

// jsonErrorText names the field a type error is about, in the API's terms.
func jsonErrorText(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return fmt.Sprintf("%s: got a JSON %s, expected a %s", typeErr.Field, typeErr.Value, typeErr.Type)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// write sends a JSON answer, JSON lines, or the error body of err, with a request-id header.
func (srv *server) write(w http.ResponseWriter, r *http.Request, answer any, err error) {
	status, contentType := http.StatusOK, "application/json"
	var data []byte
	if err != nil {
		var apiErr *APIError
		if !errors.As(err, &apiErr) {
			log.Printf("internal error: %v", err)
			apiErr = &APIError{500, "api_error", "internal server error"}
		}
		status = apiErr.Status
		data, _ = json.Marshal(errorBody(apiErr))
	} else if lines, ok := answer.(jsonLines); ok {
		contentType = "application/x-ndjson"
		for _, line := range lines {
			encoded, _ := json.Marshal(line)
			data = append(append(data, encoded...), '\n')
		}
	} else {
		data, _ = json.Marshal(answer)
	}
	if srv.verbose {
		log.Printf("%s %s -> %d", r.Method, r.URL.RequestURI(), status)
	}
	w.Header().Set("content-type", contentType)
	w.Header().Set("request-id", "req_"+randomHex(12))
	w.WriteHeader(status)
	w.Write(data)
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return b
}

func randomHex(n int) string   { return hex.EncodeToString(randomBytes(n)) }
func randomToken(n int) string { return base64.RawURLEncoding.EncodeToString(randomBytes(n)) }

// randomUUID is a version 4 UUID.
func randomUUID() string {
	b := randomBytes(16)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// tokenMatches compares the control token in constant time.
func tokenMatches(given, want string) bool {
	return subtle.ConstantTimeCompare([]byte(given), []byte(want)) == 1
}
