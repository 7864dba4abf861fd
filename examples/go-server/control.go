package main

import (
	"net/http"
	"slices"
	"time"
)

// The conformance control API under /_control: every call carries the test-control-token header.
// Its bodies and answers are those of the control document the suite publishes
// (`vendor-conformance init`).

// Discovery is the answer of GET /capabilities.
type Discovery struct {
	Protocol     string   `json:"protocol"`
	Version      int      `json:"version"`
	Capabilities []string `json:"capabilities"`
	Target       *Target  `json:"target,omitempty"`
}

// ClockReading is the answer of the clock endpoints.
type ClockReading struct {
	Now time.Time `json:"now"`
}

// ClockAdvance is the body of POST /clock/advance: a whole number of milliseconds.
type ClockAdvance struct {
	Ms *int64 `json:"ms"`
}

type WorkspaceCreate struct {
	Name *string `json:"name,omitempty"`
}

type WorkspaceCreated struct {
	ID           string `json:"id"`
	WorkspaceKey string `json:"workspace_key"`
}

// BatchDrive is the body of POST /batches/{id}/complete (CustomIDs absent) and /process.
type BatchDrive struct {
	CustomIDs      []string `json:"custom_ids,omitempty"`
	InternalErrors []string `json:"internal_errors,omitempty"`
}

type controlOperation func(s *State, r *http.Request, body []byte) (any, error)

func (srv *server) controlRoutes(mux *http.ServeMux) {
	control := func(pattern string, op controlOperation) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if !tokenMatches(r.Header.Get(controlTokenHeader), srv.controlToken) {
				srv.write(w, r, nil, &APIError{401, "authentication_error", controlTokenHeader + ": the control token is required"})
				return
			}
			body, err := readBody(w, r)
			var answer any
			if err == nil {
				srv.state.mu.Lock()
				answer, err = op(srv.state, r, body)
				srv.state.mu.Unlock()
			}
			srv.write(w, r, answer, err)
		})
	}
	control("GET /_control/capabilities", controlCapabilities)
	control("GET /_control/clock", func(s *State, _ *http.Request, _ []byte) (any, error) {
		return ClockReading{Now: s.clock.Now()}, nil
	})
	control("POST /_control/clock/advance", controlAdvance)
	control("POST /_control/organizations/{organization_id}/workspaces", controlWorkspace)
	control("POST /_control/batches/{batch_id}/complete", func(s *State, r *http.Request, body []byte) (any, error) {
		return controlDrive(s, r, body, false)
	})
	control("POST /_control/batches/{batch_id}/process", func(s *State, r *http.Request, body []byte) (any, error) {
		return controlDrive(s, r, body, true)
	})
	control("/_control/", func(_ *State, r *http.Request, _ []byte) (any, error) {
		return nil, notFound("no control operation at %s %s", r.Method, r.URL.Path)
	})
}

// decodeControl reads a control body; an empty body has no fields.
func decodeControl(body []byte, v any) error {
	if len(body) == 0 {
		return nil
	}
	return decodeJSON(body, v)
}

func controlCapabilities(s *State, _ *http.Request, _ []byte) (any, error) {
	capabilities := []string{"clock", "workspaces"}
	if s.driveBatches {
		capabilities = append(capabilities, "drive-batches", "batch-internal-errors", "batch-partial-processing")
	}
	return Discovery{Protocol: "api-conformance-control", Version: 1, Capabilities: capabilities, Target: &s.target}, nil
}

func controlAdvance(s *State, _ *http.Request, body []byte) (any, error) {
	var advance ClockAdvance
	if err := decodeControl(body, &advance); err != nil {
		return nil, err
	}
	if advance.Ms == nil || *advance.Ms < 0 {
		return nil, invalid("ms: required, a non-negative integer")
	}
	s.clock.Advance(time.Duration(*advance.Ms) * time.Millisecond)
	return ClockReading{Now: s.clock.Now()}, nil
}

func controlWorkspace(s *State, r *http.Request, body []byte) (any, error) {
	org := r.PathValue("organization_id")
	if !s.orgs[org] {
		return nil, notFound("organization %q not found", org)
	}
	create := WorkspaceCreate{}
	if err := decodeControl(body, &create); err != nil {
		return nil, err
	}
	name := "workspace"
	if create.Name != nil {
		name = *create.Name
	}
	id, key := s.createWorkspace(org, name)
	return WorkspaceCreated{ID: id, WorkspaceKey: key}, nil
}

// controlDrive processes every unsent request of a batch (complete), or only those named
// (process, capability batch-partial-processing).
func controlDrive(s *State, r *http.Request, body []byte, partial bool) (any, error) {
	if !s.driveBatches {
		return nil, notFound("this server processes batches on its own (started with --no-drive-batches)")
	}
	id := r.PathValue("batch_id")
	b, ok := s.batches[id]
	if !ok {
		return nil, notFound("message batch %q not found", id)
	}
	s.settle(b)
	if !b.inProgress() {
		return nil, &APIError{409, "conflict_error", "message batch " + id + " has already ended"}
	}
	var drive BatchDrive
	if err := decodeControl(body, &drive); err != nil {
		return nil, err
	}
	var unsent []string
	for _, req := range b.requests {
		if _, done := b.results[req.CustomID]; !done {
			unsent = append(unsent, req.CustomID)
		}
	}
	processed := unsent
	var only []string
	if partial {
		seen := map[string]bool{}
		for _, c := range drive.CustomIDs {
			if seen[c] || !slices.Contains(unsent, c) {
				return nil, invalid("custom_ids: must list distinct custom ids of the batch's unsent requests")
			}
			seen[c] = true
		}
		if drive.CustomIDs == nil {
			return nil, invalid("custom_ids: required, custom ids of the batch's unsent requests")
		}
		processed, only = drive.CustomIDs, drive.CustomIDs
	}
	for _, c := range drive.InternalErrors {
		if !slices.Contains(processed, c) {
			return nil, invalid("internal_errors: must list custom ids of the requests processed now")
		}
	}
	s.process(b, s.clock.Now(), drive.InternalErrors, only)
	return s.render(b), nil
}
