// Client conformance driver (protocol vendor-client-conformance v1) for the Go client oapi-codegen
// generates, written as its user writes code. The client has no credential chain: its user hands it
// a key (here the API-key variable, as their program reads it); other cases (the only ones with a
// `wait`) are unsupported.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"vendorapi.local/generators/client"
)

type call struct {
	ID         string                     `json:"id"`
	Op         string                     `json:"op"`
	Params     client.MessageCreateParams `json:"params"`
	BatchID    string                     `json:"batch_id"`
	CustomIDs  []string                   `json:"custom_ids"`
	DreamID    string                     `json:"dream_id"`
	IntervalMs int                        `json:"interval_ms"`
}

type failure map[string]any // an error, as the protocol's error object

func (f failure) Error() string { return f["message"].(string) }

const noChain = "the generated client has no credential chain (constructor credentials, auth-token variable, profiles, the federation token exchange): it sends the one credential its user sets in an HTTP doer"

// must is the answer, or a panic with the call's error, recovered by `run` (one line per call).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// run makes one call: its result, or its error as the protocol's error object.
func run(op func(call) any, c call) (result any, f failure) {
	defer func() {
		if p := recover(); p != nil {
			if f, _ = p.(failure); f == nil {
				f = failure{"kind": "other", "message": fmt.Sprint(p)}
			}
		}
	}()
	return op(c), nil
}

// keyed is the client's HTTP doer: the key on every request, and an error answer as an `api`
// failure (the status and the body's error type), so every call's error says it.
type keyed string

func (key keyed) Do(req *http.Request) (*http.Response, error) {
	req.Header.Set("x-api-key", string(key))
	r, err := http.DefaultClient.Do(req)
	if err != nil || r.StatusCode < 300 {
		return r, err
	}
	defer r.Body.Close()
	var parsed client.ErrorBody
	_ = json.NewDecoder(r.Body).Decode(&parsed)
	return nil, failure{"kind": "api", "status": r.StatusCode, "type": parsed.Error.Type,
		"request_id": r.Header.Get("request-id"), "message": parsed.Error.Message}
}

func main() {
	var plan struct {
		Vendor  string         `json:"vendor"`
		BaseURL string         `json:"base_url"`
		Options map[string]any `json:"options"`
		Calls   []call         `json:"calls"`
	}
	raw, _ := os.ReadFile(os.Getenv("CLIENT_CONFORMANCE_CALLS"))
	_ = json.Unmarshal(raw, &plan)
	out := json.NewEncoder(os.Stdout)
	prefix := strings.ToUpper(plan.Vendor) + "_"
	key := os.Getenv(prefix + "API_KEY")
	others := false // a variable of the vendor's other than the API key: what a credential chain reads
	for _, kv := range os.Environ() {
		others = others || (strings.HasPrefix(kv, prefix) && !strings.HasPrefix(kv, prefix+"API_KEY="))
	}
	if len(plan.Options) > 0 || key == "" || others {
		out.Encode(map[string]any{"id": "construct", "ok": false, "error": failure{"kind": "unsupported", "message": noChain}})
		return
	}
	api, _ := client.NewClientWithResponses(plan.BaseURL, client.WithHTTPClient(keyed(key)))
	out.Encode(map[string]any{"id": "construct", "ok": true})
	ops := map[string]func(c call) any{
		"messages.create": func(c call) any {
			params := &client.MessagesCreateParams{VendorVersion: client.MessagesCreateParamsVendorVersionN20230601}
			r := must(api.MessagesCreateWithResponse(context.Background(), params, c.Params))
			message := r.JSON200
			if message == nil { // a server may answer 201 (the document lists both, with the same body)
				message = r.JSON201
			}
			return map[string]string{"id": message.Id}
		},
		"organizations.rate_limits.list": func(c call) any {
			params := &client.OrganizationsRateLimitsListParams{VendorVersion: client.OrganizationsRateLimitsListParamsVendorVersionN20230601}
			for count := 0; ; {
				page := must(api.OrganizationsRateLimitsListWithResponse(context.Background(), params)).JSON200
				if count += len(page.Data); page.NextPage == nil {
					return map[string]int{"count": count}
				}
				params.Page = page.NextPage
			}
		},
		"messages.batches.results": func(c call) any {
			params := &client.MessagesBatchesRetrieveParams{VendorVersion: client.MessagesBatchesRetrieveParamsVendorVersionN20230601}
			batch := must(api.MessagesBatchesRetrieveWithResponse(context.Background(), c.BatchID, params)).JSON200
			// The results operation's server is the batch's `results_url`: a client for that server.
			// Its body is JSON lines, which the ...WithResponse method fails to parse (see the README):
			// the plain method's answer is decoded line by line, and matched by custom_id.
			results := must(client.NewClient(*batch.ResultsUrl, client.WithHTTPClient(keyed(key))))
			version := &client.MessagesBatchesResultsParams{VendorVersion: client.MessagesBatchesResultsParamsVendorVersionN20230601}
			body := must(results.MessagesBatchesResults(context.Background(), version)).Body
			defer body.Close()
			types, answer := map[string]any{}, map[string]any{}
			for lines, result := json.NewDecoder(body), (client.MessageBatchResult{}); lines.Decode(&result) == nil; {
				types[result.CustomId], _ = result.Result.Discriminator()
			}
			for _, id := range c.CustomIDs {
				answer[id] = types[id] // null for an id without a result
			}
			return answer
		},
		"dreams.retrieve": func(c call) any {
			betas := "managed-agents-2026-04-01,dreaming-2026-04-21" // the operation's required betas
			params := &client.DreamsRetrieveParams{VendorVersion: client.DreamsRetrieveParamsVendorVersionN20230601, VendorBeta: betas}
			for {
				status := must(api.DreamsRetrieveWithResponse(context.Background(), c.DreamID, params)).JSON200.Status
				if status != client.DreamStatusPending && status != client.DreamStatusRunning {
					return map[string]string{"status": string(status)}
				}
				time.Sleep(time.Duration(c.IntervalMs) * time.Millisecond)
			}
		},
	}
	for _, c := range plan.Calls {
		result, f := run(ops[c.Op], c)
		if f != nil {
			out.Encode(map[string]any{"id": c.ID, "ok": false, "error": f})
			return
		}
		out.Encode(map[string]any{"id": c.ID, "ok": true, "result": result})
	}
}
