package server_test

import (
	"os"
	"os/exec"
	"testing"
)

// TestJSUnits runs the web client's unit tests (server/jstest/*.test.js:
// the pure modules, such as the move picker and the move list) with
// node --test. Without Node the test is skipped, unless
// PLATEAU_REQUIRE_NODE=1 (CI) makes a missing Node a failure.
func TestJSUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("PLATEAU_REQUIRE_NODE") == "1" {
			t.Fatalf("PLATEAU_REQUIRE_NODE=1 and no node: %v", err)
		}
		t.Skipf("no node to run the web client's unit tests (%v); CI sets PLATEAU_REQUIRE_NODE=1", err)
	}
	cmd := exec.CommandContext(t.Context(), node, "--test", "--test-reporter=dot", "jstest/")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test jstest/: %v\n%s", err, out)
	}
	t.Logf("node --test jstest/:\n%s", out)
}
