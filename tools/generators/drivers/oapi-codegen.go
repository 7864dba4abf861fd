// oapi-codegen: the generated package `client` (types and client), one ClientWithResponses whose
// request editor sets the workspace key, and each call through its operation's method.
//
// The matrix runs this program beside the generated package and speaks to it in JSON lines: the
// first line is the connection, each next line one call of the scenario ({"call", "args"}), and
// the program answers each with {"status", "body"}: the body as the generated types parsed it
// (`JSON200`, marshalled again), so the contract validators judge what the SDK hands its user.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"

	"vendorapi.local/generators/client"
)

type connection struct {
	BaseURL string `json:"baseUrl"`
	APIKey  string `json:"apiKey"`
	Version string `json:"version"`
}

type inputs struct {
	Model         string   `json:"model"`
	CustomIDs     []string `json:"customIds"`
	SessionBetas  string   `json:"sessionBetas"`
	DreamBetas    string   `json:"dreamBetas"`
	MemoryStoreID string   `json:"memoryStoreId"`
}

type reply struct {
	Status int `json:"status"`
	Body   any `json:"body"`
}

// parsed is the reply of a generated response: its status and the generated type it parsed
// (nil when the status has none: the raw body then).
func parsed[T any](response *http.Response, raw []byte, typed *T) reply {
	if typed != nil {
		return reply{response.StatusCode, typed}
	}
	var body any
	if json.Unmarshal(raw, &body) != nil {
		body = string(raw)
	}
	return reply{response.StatusCode, body}
}

// created is the body of a creation: a server may answer 200 or 201 (the documents leave the
// status open; the document lists both, with the same body).
func created[T any](json200, json201 *T) *T {
	if json200 != nil {
		return json200
	}
	return json201
}

func message(in inputs) (client.MessageCreateParams, error) {
	var content client.MessageUserParam_Content
	if err := content.FromMessageUserParamContent0("Hello"); err != nil {
		return client.MessageCreateParams{}, err
	}
	var turn client.MessageParam
	err := turn.FromMessageUserParam(client.MessageUserParam{Role: client.User, Content: content})
	return client.MessageCreateParams{Model: in.Model, MaxTokens: 16, Messages: []client.MessageParam{turn}}, err
}

func main() {
	stdin := bufio.NewScanner(os.Stdin)
	stdin.Buffer(make([]byte, 1<<20), 1<<24)
	var conn connection
	if !stdin.Scan() || json.Unmarshal(stdin.Bytes(), &conn) != nil {
		fmt.Fprintln(os.Stderr, "no connection on the first line")
		os.Exit(2)
	}
	// The workspace key goes out as `x-api-key` on every request, through a request editor.
	withKey := client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("x-api-key", conn.APIKey)
		return nil
	})
	api, err := client.NewClientWithResponses(conn.BaseURL, withKey)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ctx := context.Background()

	calls := map[string]func(args []json.RawMessage) (reply, error){
		"createMessage": func(args []json.RawMessage) (reply, error) {
			var in inputs
			_ = json.Unmarshal(args[0], &in)
			body, err := message(in)
			if err != nil {
				return reply{}, err
			}
			params := &client.MessagesCreateParams{VendorVersion: client.MessagesCreateParamsVendorVersion(conn.Version)}
			r, err := api.MessagesCreateWithResponse(ctx, params, body)
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, created(r.JSON200, r.JSON201)), nil
		},
		"createBatch": func(args []json.RawMessage) (reply, error) {
			var in inputs
			_ = json.Unmarshal(args[0], &in)
			// `params` is an open object (checked when the batch runs): the message's JSON as a map.
			body, err := message(in)
			if err != nil {
				return reply{}, err
			}
			var params map[string]any
			if raw, err := json.Marshal(body); err != nil || json.Unmarshal(raw, &params) != nil {
				return reply{}, fmt.Errorf("the message params: %v", err)
			}
			requests := make([]client.MessageBatchRequest, 0, len(in.CustomIDs))
			for _, id := range in.CustomIDs {
				requests = append(requests, client.MessageBatchRequest{CustomId: id, Params: params})
			}
			headers := &client.MessagesBatchesCreateParams{
				VendorVersion: client.MessagesBatchesCreateParamsVendorVersion(conn.Version),
			}
			r, err := api.MessagesBatchesCreateWithResponse(ctx, headers, client.MessageBatchCreateParams{Requests: requests})
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, created(r.JSON200, r.JSON201)), nil
		},
		"retrieveBatch": func(args []json.RawMessage) (reply, error) {
			var id string
			_ = json.Unmarshal(args[0], &id)
			params := &client.MessagesBatchesRetrieveParams{
				VendorVersion: client.MessagesBatchesRetrieveParamsVendorVersion(conn.Version),
			}
			r, err := api.MessagesBatchesRetrieveWithResponse(ctx, id, params)
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, r.JSON200), nil
		},
		"batchResults": func(args []json.RawMessage) (reply, error) {
			// The operation's server is the batch's `results_url`: a client made for that server
			// (with the same credential) calls it. Its body is JSON lines, which the generated
			// `MessagesBatchesResultsWithResponse` fails to parse (see the README): the plain
			// method's answer is read as it is.
			var url string
			_ = json.Unmarshal(args[0], &url)
			results, err := client.NewClient(url, withKey)
			if err != nil {
				return reply{}, err
			}
			params := &client.MessagesBatchesResultsParams{
				VendorVersion: client.MessagesBatchesResultsParamsVendorVersion(conn.Version),
			}
			r, err := results.MessagesBatchesResults(ctx, params)
			if err != nil {
				return reply{}, err
			}
			defer r.Body.Close()
			body, err := io.ReadAll(r.Body)
			return reply{r.StatusCode, string(body)}, err
		},
		"createSession": func(args []json.RawMessage) (reply, error) {
			var in inputs
			_ = json.Unmarshal(args[0], &in)
			var resource client.SessionCreateResource
			err := resource.FromSessionCreateMemoryStoreResource(client.SessionCreateMemoryStoreResource{
				Type:          client.SessionCreateMemoryStoreResourceTypeMemoryStore,
				MemoryStoreId: in.MemoryStoreID,
			})
			if err != nil {
				return reply{}, err
			}
			body := client.SessionCreateParams{
				Agent:         "agent_generator_matrix",
				EnvironmentId: "env_generator_matrix",
				Resources:     []client.SessionCreateResource{resource},
			}
			params := &client.SessionsCreateParams{
				VendorVersion: client.SessionsCreateParamsVendorVersion(conn.Version),
				VendorBeta:    in.SessionBetas,
			}
			r, err := api.SessionsCreateWithResponse(ctx, params, body)
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, created(r.JSON200, r.JSON201)), nil
		},
		"createDream": func(args []json.RawMessage) (reply, error) {
			var in inputs
			var sessionID string
			_ = json.Unmarshal(args[0], &in)
			_ = json.Unmarshal(args[1], &sessionID)
			var store, sessions client.DreamInput
			if err := store.FromDreamMemoryStoreInput(client.DreamMemoryStoreInput{
				Type: client.DreamMemoryStoreInputTypeMemoryStore, MemoryStoreId: in.MemoryStoreID,
			}); err != nil {
				return reply{}, err
			}
			if err := sessions.FromDreamSessionsInput(client.DreamSessionsInput{
				Type: client.Sessions, SessionIds: []string{sessionID},
			}); err != nil {
				return reply{}, err
			}
			// `inputs` is typed `interface{}` (its schema is an array with `contains` rules): the
			// generated input union is what goes in it.
			body := client.DreamCreateParams{Model: client.DreamModel(in.Model), Inputs: []client.DreamInput{store, sessions}}
			params := &client.DreamsCreateParams{
				VendorVersion: client.DreamsCreateParamsVendorVersion(conn.Version),
				VendorBeta:    in.DreamBetas,
			}
			r, err := api.DreamsCreateWithResponse(ctx, params, body)
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, created(r.JSON200, r.JSON201)), nil
		},
		"retrieveDream": func(args []json.RawMessage) (reply, error) {
			var in inputs
			var dreamID string
			_ = json.Unmarshal(args[0], &in)
			_ = json.Unmarshal(args[1], &dreamID)
			params := &client.DreamsRetrieveParams{
				VendorVersion: client.DreamsRetrieveParamsVendorVersion(conn.Version),
				VendorBeta:    in.DreamBetas,
			}
			r, err := api.DreamsRetrieveWithResponse(ctx, dreamID, params)
			if err != nil {
				return reply{}, err
			}
			return parsed(r.HTTPResponse, r.Body, r.JSON200), nil
		},
	}

	out := json.NewEncoder(os.Stdout)
	for stdin.Scan() {
		var request struct {
			Call string            `json:"call"`
			Args []json.RawMessage `json:"args"`
		}
		var answer any
		if err := json.Unmarshal(stdin.Bytes(), &request); err != nil {
			answer = map[string]string{"error": err.Error()}
		} else if call, ok := calls[request.Call]; !ok {
			answer = map[string]string{"error": "no call " + request.Call}
		} else if r, err := call(request.Args); err != nil {
			// The call failed: the matrix reports it as the step's problem.
			answer = map[string]string{"error": err.Error()}
		} else {
			answer = r
		}
		_ = out.Encode(answer)
	}
}
