// Command go-server is an EXAMPLE server for a subset of the vendor API, in Go with the standard
// library only. It shows that the project's conformance suite judges a server written in any
// language. It is not the reference server and not production code: state lives in memory, the
// "model" is a deterministic stand-in, and only these operations exist:
//
//	POST   /v1/messages                               a stand-in reply with token usage
//	POST   /v1/messages/count_tokens                  the input tokens the same request would use
//	POST   /v1/messages/batches                       create a batch (in_progress)
//	GET    /v1/messages/batches                       list the workspace's batches (limit, after_id)
//	GET    /v1/messages/batches/{id}                  retrieve a batch
//	GET    /v1/messages/batches/{id}/results          the results as JSON lines (the results_url)
//	POST   /v1/messages/batches/{id}/cancel           cancel (not shown by the documents; see README)
//	DELETE /v1/messages/batches/{id}                  delete an ended batch (not shown either)
//	POST   /v1/organizations/workspaces/{id}/archive  archive a workspace, revoking its keys (admin)
//
// plus the conformance control API under /_control (see README.md). Run: go run . --port 0
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
)

// Seeded bugs: each breaks one documented requirement, so that the suite can be seen to catch it.
var bugs = map[string]string{
	"earlier-thinking-counted": "count_tokens counts thinking blocks of earlier assistant turns (they are ignored)",
	"expires-at-25h":           "expires_at is 25 hours after created_at (it is 24)",
	"nulls-omitted":            "ended_at, cancel_initiated_at and results_url are left out while unset (they are null)",
}

func main() {
	port := flag.Int("port", 0, "port on 127.0.0.1 (0: any free port)")
	bug := flag.String("bug", os.Getenv("EXAMPLE_BUG"), "switch on one seeded bug (also EXAMPLE_BUG=name): "+strings.Join(bugNames(), ", "))
	noDrive := flag.Bool("no-drive-batches", false, "no drive-batches capability: batches end on their own about 1 s after creation")
	verbose := flag.Bool("verbose", false, "log every request to stderr")
	flag.Parse()
	if _, ok := bugs[*bug]; *bug != "" && !ok {
		fmt.Fprintf(os.Stderr, "--bug: unknown seeded bug %q; choose one of %s\n", *bug, strings.Join(bugNames(), ", "))
		os.Exit(2)
	}

	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		log.Fatal(err)
	}
	baseURL := "http://" + listener.Addr().String()
	state := newState(baseURL, &Clock{}, *bug, !*noDrive)
	srv := &server{state: state, controlToken: randomToken(24), verbose: *verbose}

	target := state.target
	fmt.Printf("base URL: %s\n", baseURL)
	fmt.Printf("control URL: %s/_control\n", baseURL)
	fmt.Printf("control token: %s\n", srv.controlToken)
	fmt.Printf("admin key: %s\n", target.AdminKey)
	fmt.Printf("workspace key: %s\n", target.WorkspaceKey)
	fmt.Printf("workspace id: %s\n", target.WorkspaceID)
	fmt.Printf("organization id: %s\n", target.OrganizationID)
	if *bug != "" {
		fmt.Printf("seeded bug: %s (%s)\n", *bug, bugs[*bug])
	}
	os.Stdout.Sync()
	log.Fatal(http.Serve(listener, srv.routes()))
}

func bugNames() []string {
	names := make([]string, 0, len(bugs))
	for name := range bugs {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
