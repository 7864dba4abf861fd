package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
)

const (
	processingDeadline = 24 * time.Hour      // expires_at: 24 hours after creation
	resultsRetention   = 29 * 24 * time.Hour // results downloadable until 29 days after creation
	maxBatchRequests   = 100_000
	listLimitDefault   = 20
	listLimitMax       = 100
	autoProcessDelay   = time.Second // without the drive-batches capability, batches end on their own
)

var customIDPattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// Clock is the wall clock plus an offset the control API can advance. Every timestamp, the 24-hour
// expiry and the 29-day retention read it. Timestamps have millisecond precision.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset).UTC().Truncate(time.Millisecond)
}

func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

// ---- Records as they go on the wire.

// MessageBatch is the batch record. The documents give ended_at, cancel_initiated_at and
// results_url as "string or null": pointers, always present, null while unset.
type MessageBatch struct {
	ID                string        `json:"id"`
	Type              string        `json:"type"`
	ProcessingStatus  string        `json:"processing_status"`
	RequestCounts     RequestCounts `json:"request_counts"`
	CreatedAt         time.Time     `json:"created_at"`
	ExpiresAt         time.Time     `json:"expires_at"`
	EndedAt           *time.Time    `json:"ended_at"`
	CancelInitiatedAt *time.Time    `json:"cancel_initiated_at"`
	ResultsURL        *string       `json:"results_url"`
}

// batchOmittingNulls is the seeded bug nulls-omitted: the same record with `omitempty` on the
// nullable fields, so they are absent instead of null while unset.
type batchOmittingNulls struct {
	ID                string        `json:"id"`
	Type              string        `json:"type"`
	ProcessingStatus  string        `json:"processing_status"`
	RequestCounts     RequestCounts `json:"request_counts"`
	CreatedAt         time.Time     `json:"created_at"`
	ExpiresAt         time.Time     `json:"expires_at"`
	EndedAt           *time.Time    `json:"ended_at,omitempty"`
	CancelInitiatedAt *time.Time    `json:"cancel_initiated_at,omitempty"`
	ResultsURL        *string       `json:"results_url,omitempty"`
}

type RequestCounts struct {
	Processing int64 `json:"processing"`
	Succeeded  int64 `json:"succeeded"`
	Errored    int64 `json:"errored"`
	Canceled   int64 `json:"canceled"`
	Expired    int64 `json:"expired"`
}

// BatchResult is the `result` of a results line: a message when succeeded, an error body when
// errored, nothing more when canceled or expired.
type BatchResult struct {
	Type    string     `json:"type"`
	Message *Message   `json:"message,omitempty"`
	Error   *ErrorBody `json:"error,omitempty"`
}

type ResultLine struct {
	CustomID string      `json:"custom_id"`
	Result   BatchResult `json:"result"`
}

type BatchList struct {
	Data    []any   `json:"data"`
	HasMore bool    `json:"has_more"`
	LastID  *string `json:"last_id"`
}

type BatchDeleted struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

type Workspace struct {
	ID         string     `json:"id"`
	Type       string     `json:"type"`
	Name       string     `json:"name"`
	ArchivedAt *time.Time `json:"archived_at"`
}

// ---- State: organizations, workspaces, keys, batches. One mutex guards all of it.

type apiKey struct {
	kind                        credential
	organizationID, workspaceID string
}

type workspace struct {
	organizationID, name string
	archivedAt           *time.Time
}

type batchRequest struct {
	CustomID string          `json:"custom_id"`
	Params   json.RawMessage `json:"params"`
}

type batch struct {
	id, workspaceID        string
	requests               []batchRequest
	results                map[string]BatchResult
	created, expires       time.Time
	ended, cancelInitiated *time.Time
}

func (b *batch) inProgress() bool { return b.ended == nil }

// Target is the seeded organization the server prints and discovery names.
type Target struct {
	AdminKey       string `json:"admin_key"`
	WorkspaceKey   string `json:"workspace_key"`
	WorkspaceID    string `json:"workspace_id"`
	OrganizationID string `json:"organization_id"`
}

type State struct {
	mu           sync.Mutex
	baseURL      string
	clock        *Clock
	bug          string
	driveBatches bool
	target       Target
	orgs         map[string]bool
	workspaces   map[string]*workspace
	keys         map[string]apiKey
	batches      map[string]*batch
	byWorkspace  map[string][]string // batch ids, oldest first
}

func newState(baseURL string, clock *Clock, bug string, driveBatches bool) *State {
	s := &State{
		baseURL: baseURL, clock: clock, bug: bug, driveBatches: driveBatches,
		orgs: map[string]bool{}, workspaces: map[string]*workspace{}, keys: map[string]apiKey{},
		batches: map[string]*batch{}, byWorkspace: map[string][]string{},
	}
	org := randomUUID()
	admin := "sk-vendor-admin01-" + randomToken(24)
	s.orgs[org] = true
	s.keys[admin] = apiKey{kind: adminKey, organizationID: org}
	ws, key := s.createWorkspace(org, "example")
	s.target = Target{AdminKey: admin, WorkspaceKey: key, WorkspaceID: ws, OrganizationID: org}
	return s
}

func (s *State) createWorkspace(org, name string) (id, key string) {
	id = "wrkspc_" + randomHex(12)
	key = "sk-vendor-api03-" + randomToken(24)
	s.workspaces[id] = &workspace{organizationID: org, name: name}
	s.keys[key] = apiKey{kind: workspaceKey, organizationID: org, workspaceID: id}
	return id, key
}

func (s *State) batchOf(workspaceID, id string) (*batch, error) {
	b, ok := s.batches[id]
	if !ok || b.workspaceID != workspaceID {
		return nil, notFound("message batch %q not found in this workspace", id)
	}
	s.settle(b)
	return b, nil
}

// settle applies what the clock has done since the batch was last seen.
func (s *State) settle(b *batch) {
	if !b.inProgress() {
		return
	}
	now := s.clock.Now()
	if due := b.created.Add(autoProcessDelay); !s.driveBatches && !now.Before(due) {
		s.process(b, due, nil, nil)
	} else if deadline := b.created.Add(processingDeadline); !now.Before(deadline) {
		for _, r := range b.requests { // the 24-hour deadline: every unsent request expires
			if _, done := b.results[r.CustomID]; !done {
				b.results[r.CustomID] = BatchResult{Type: "expired"}
			}
		}
		b.ended = &deadline
	}
}

// process sends the unsent requests (those of only, when given) to the stand-in model; the batch
// ends once every request has its result.
func (s *State) process(b *batch, at time.Time, internalErrors, only []string) {
	for _, r := range b.requests {
		if _, done := b.results[r.CustomID]; done || (only != nil && !slices.Contains(only, r.CustomID)) {
			continue
		}
		var p MessageCreateParams
		err := decodeJSON(r.Params, &p)
		if err == nil {
			err = checkCreate(&p, 1)
		}
		if err == nil && slices.Contains(internalErrors, r.CustomID) {
			err = &APIError{500, "api_error", "internal server error while processing the request"}
		}
		if err != nil {
			apiErr := err.(*APIError)
			if apiErr.Type == "not_found_error" { // an unknown model: the body must be fixed
				apiErr.Type = "invalid_request_error"
			}
			body := errorBody(apiErr)
			b.results[r.CustomID] = BatchResult{Type: "errored", Error: &body}
			continue
		}
		message := standInMessage(&p, s.bug)
		b.results[r.CustomID] = BatchResult{Type: "succeeded", Message: &message}
	}
	if len(b.results) == len(b.requests) {
		b.ended = &at
	}
}

func (s *State) render(b *batch) any {
	var counts RequestCounts
	for _, r := range b.requests {
		switch b.results[r.CustomID].Type {
		case "succeeded":
			counts.Succeeded++
		case "errored":
			counts.Errored++
		case "canceled":
			counts.Canceled++
		case "expired":
			counts.Expired++
		default:
			counts.Processing++
		}
	}
	record := MessageBatch{
		ID: b.id, Type: "message_batch", ProcessingStatus: "in_progress", RequestCounts: counts,
		CreatedAt: b.created, ExpiresAt: b.expires, EndedAt: b.ended, CancelInitiatedAt: b.cancelInitiated,
	}
	if !b.inProgress() {
		url := fmt.Sprintf("%s/v1/messages/batches/%s/results", s.baseURL, b.id)
		record.ProcessingStatus, record.ResultsURL = "ended", &url
	}
	if s.bug == "nulls-omitted" {
		return batchOmittingNulls(record)
	}
	return record
}

// ---- Operations of the documented API.

func opBatchesCreate(s *State, c *call) (any, error) {
	var body struct {
		Requests []json.RawMessage `json:"requests"`
	}
	if err := decodeJSON(c.body, &body); err != nil {
		return nil, err
	}
	if len(body.Requests) == 0 {
		return nil, invalid("requests: required, a non-empty array of request items")
	}
	if len(body.Requests) > maxBatchRequests {
		return nil, invalid("requests: at most %d items per batch", maxBatchRequests)
	}
	items := make([]batchRequest, len(body.Requests))
	seen := map[string]bool{}
	for i, raw := range body.Requests {
		item := &items[i]
		if !isObject(raw) || json.Unmarshal(raw, item) != nil {
			return nil, invalid("requests[%d]: must be an object with custom_id (a string) and params", i)
		}
		if !customIDPattern.MatchString(item.CustomID) {
			return nil, invalid("requests[%d].custom_id: must match ^[a-zA-Z0-9_-]{1,64}$", i)
		}
		if seen[item.CustomID] {
			return nil, invalid("requests[%d].custom_id: %q is used more than once in the batch", i, item.CustomID)
		}
		seen[item.CustomID] = true
		// params are validated when the request is processed: failures become errored results.
		if !isObject(item.Params) {
			return nil, invalid("requests[%d].params: must be an object (the message creation parameters)", i)
		}
	}
	now := s.clock.Now()
	deadline := processingDeadline
	if s.bug == "expires-at-25h" {
		deadline += time.Hour
	}
	b := &batch{
		id: "msgbatch_" + randomHex(12), workspaceID: c.caller, requests: items,
		results: map[string]BatchResult{}, created: now, expires: now.Add(deadline),
	}
	s.batches[b.id] = b
	s.byWorkspace[c.caller] = append(s.byWorkspace[c.caller], b.id)
	return s.render(b), nil
}

func opBatchesList(s *State, c *call) (any, error) {
	query := c.r.URL.Query()
	for _, name := range []string{"limit", "after_id"} {
		if len(query[name]) > 1 {
			return nil, invalid("%s: given more than once", name)
		}
	}
	limit := listLimitDefault
	if text, ok := query["limit"]; ok {
		n, err := strconv.Atoi(text[0])
		if err != nil || n < 1 || n > listLimitMax || text[0][0] == '+' || text[0][0] == '-' {
			return nil, invalid("limit: must be an integer from 1 to %d", listLimitMax)
		}
		limit = n
	}
	ids := slices.Clone(s.byWorkspace[c.caller])
	slices.Reverse(ids) // newest first
	if after, ok := query["after_id"]; ok {
		i := slices.Index(ids, after[0])
		if i < 0 {
			return nil, invalid("after_id: %q is not a batch of this workspace", after[0])
		}
		ids = ids[i+1:]
	}
	page := ids[:min(limit, len(ids))]
	list := BatchList{Data: []any{}, HasMore: len(ids) > len(page)}
	for _, id := range page {
		b := s.batches[id]
		s.settle(b)
		list.Data = append(list.Data, s.render(b))
	}
	if len(page) > 0 {
		list.LastID = &page[len(page)-1]
	}
	return list, nil
}

func opBatchesRetrieve(s *State, c *call) (any, error) {
	b, err := s.batchOf(c.caller, c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return s.render(b), nil
}

func opBatchesResults(s *State, c *call) (any, error) {
	b, err := s.batchOf(c.caller, c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if b.inProgress() {
		return nil, invalid("message batch %s is still in progress; results are ready once it has ended", b.id)
	}
	if !s.clock.Now().Before(b.created.Add(resultsRetention)) {
		return nil, notFound("the results of message batch %s are past their 29-day retention", b.id)
	}
	lines := make(jsonLines, len(b.requests))
	for i, r := range b.requests {
		lines[i] = ResultLine{CustomID: r.CustomID, Result: b.results[r.CustomID]}
	}
	return lines, nil
}

// opBatchesCancel: not shown by the documents; this server's choice is that an in-progress batch
// ends at once, every unsent request canceled.
func opBatchesCancel(s *State, c *call) (any, error) {
	b, err := s.batchOf(c.caller, c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if !b.inProgress() {
		return nil, invalid("message batch %s has already ended; it cannot be canceled", b.id)
	}
	now := s.clock.Now()
	b.cancelInitiated, b.ended = &now, &now
	for _, r := range b.requests {
		if _, done := b.results[r.CustomID]; !done {
			b.results[r.CustomID] = BatchResult{Type: "canceled"}
		}
	}
	return s.render(b), nil
}

// opBatchesDelete: not shown by the documents either; deletes an ended batch.
func opBatchesDelete(s *State, c *call) (any, error) {
	b, err := s.batchOf(c.caller, c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if b.inProgress() {
		return nil, invalid("message batch %s is in progress; cancel it or let it end first", b.id)
	}
	delete(s.batches, b.id)
	s.byWorkspace[b.workspaceID] = slices.DeleteFunc(s.byWorkspace[b.workspaceID], func(id string) bool { return id == b.id })
	return BatchDeleted{ID: b.id, Type: "message_batch_deleted"}, nil
}

// opWorkspaceArchive archives a workspace of the admin key's organization and revokes its keys.
func opWorkspaceArchive(s *State, c *call) (any, error) {
	id := c.r.PathValue("id")
	ws, ok := s.workspaces[id]
	if !ok || ws.organizationID != c.caller {
		return nil, notFound("workspace %q not found in this organization", id)
	}
	if ws.archivedAt == nil {
		now := s.clock.Now()
		ws.archivedAt = &now
		for key, k := range s.keys {
			if k.kind == workspaceKey && k.workspaceID == id {
				delete(s.keys, key) // archiving revokes every key of the workspace
			}
		}
	}
	return Workspace{ID: id, Type: "workspace", Name: ws.name, ArchivedAt: ws.archivedAt}, nil
}
