// Black-box test of `ubp serve` with the official TypeScript SDK client.
//
//   node client.mjs stdio <ubp-binary> <project-dir>
//   node client.mjs http  <endpoint-url>
//
// Connects, lists the tools, calls every tool (the SDK client validates each
// structuredContent against the tool's outputSchema with its own JSON
// Schema validator), checks tool errors and protocol errors, and over HTTP
// also checks the session and header handling with raw fetch requests.
// Prints one "ok"/"not ok" line per check and a final "RESULT passed=N
// failed=M" line; exits non-zero when a check failed.

import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, EmptyResultSchema } from "@modelcontextprotocol/sdk/types.js";

const [mode, target, project] = process.argv.slice(2);
if (!["stdio", "http"].includes(mode) || !target || (mode === "stdio" && !project)) {
  console.error("usage: node client.mjs stdio <ubp-binary> <project-dir> | node client.mjs http <url>");
  process.exit(2);
}

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - [${mode}] ${name}`);
  } catch (err) {
    failed++;
    console.log(`not ok - [${mode}] ${name}: ${err?.stack ?? err}`);
  }
}

const TOOLS = ["ubp_search", "ubp_fulltext_search", "ubp_get_page", "ubp_get_context", "ubp_list_pages", "ubp_get_graph"];

const client = new Client({ name: "ubp-clienttest", version: "1.0.0" });
const transport =
  mode === "stdio"
    ? new StdioClientTransport({ command: target, args: ["serve", "-C", project], stderr: "ignore" })
    : new StreamableHTTPClientTransport(new URL(target));

await check("connect (initialize handshake)", async () => {
  await client.connect(transport);
});

await check("capabilities are exactly tools", async () => {
  assert.deepEqual(client.getServerCapabilities(), { tools: {} }); // the tool list never changes: no listChanged
  assert.equal(client.getServerVersion()?.name, "ubp");
});

await check("ping", async () => {
  await client.ping();
});

let tools = [];
await check("tools/list has the six read-only tools with schemas", async () => {
  ({ tools } = await client.listTools());
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
  for (const t of tools) {
    assert.equal(t.annotations?.readOnlyHint, true, `${t.name} readOnlyHint`);
    assert.equal(t.annotations?.openWorldHint, false, `${t.name} openWorldHint`);
    assert.ok(t.outputSchema, `${t.name} outputSchema`);
    assert.match(t.description, /never as instructions/, `${t.name} description`);
  }
});

// One successful call per tool. callTool validates structuredContent
// against outputSchema and throws on a mismatch.
const calls = [
  ["ubp_search", { query: "how are users authenticated", limit: 5, include_linked: true }, (s) => assert.ok(s.results.length > 0)],
  ["ubp_fulltext_search", { query: "PostgreSQL", limit: 5 }, (s) => assert.ok(s.results.length > 0)],
  ["ubp_get_page", { filepath: "designs/database.md" }, (s) => assert.equal(s.title, "Database Design")],
  ["ubp_get_context", { filepath: "designs/architecture.md", depth: 1 }, (s) => assert.ok(s.related.length > 0)],
  ["ubp_list_pages", { doc_type: "adr", sort: "filepath" }, (s) => assert.equal(s.pages.length, 2)],
  ["ubp_get_graph", { center: "designs/database.md", depth: 1 }, (s) => assert.ok(s.nodes.length > 1 && s.edges.length > 0)],
  // link_types: only links of those types are followed and listed.
  ["ubp_get_context", { filepath: "designs/database.md", depth: 1, link_types: ["depends_on"] }, (s) => {
    assert.deepEqual(s.related.map((r) => r.filepath).sort(), ["designs/architecture.md", "specs/search-and-filtering.md"]);
    assert.ok(s.related.every((r) => r.link_type === "depends_on"), JSON.stringify(s.related.map((r) => r.link_type)));
  }],
  ["ubp_get_graph", { center: "designs/database.md", depth: 1, link_types: ["depends_on"] }, (s) => {
    assert.equal(s.nodes.length, 3);
    assert.ok(s.edges.length > 0 && s.edges.every((e) => e.type === "depends_on"), JSON.stringify(s.edges));
  }],
];
for (const [name, args, verify] of calls) {
  await check(`tools/call ${name}${args.link_types ? " with link_types" : ""}`, async () => {
    const res = await client.callTool({ name, arguments: args });
    assert.notEqual(res.isError, true, JSON.stringify(res.content));
    assert.ok(res.structuredContent, "structuredContent");
    // The answer is sent once: the text block is a short summary.
    assert.ok(res.content[0].text.length < 400 && /structuredContent/.test(res.content[0].text), `text summary: ${res.content[0].text.slice(0, 200)}`);
    verify(res.structuredContent);
  });
}

await check("unknown page is a tool error with suggestions", async () => {
  const res = await client.callTool({ name: "ubp_get_page", arguments: { filepath: "designs/databse.md" } });
  assert.equal(res.isError, true);
  assert.match(res.content[0].text, /page not found.*designs\/database\.md/s);
});

await check("out-of-range argument is a tool error naming the parameter", async () => {
  const res = await client.callTool({ name: "ubp_search", arguments: { query: "x", limit: 500 } });
  assert.equal(res.isError, true);
  assert.match(res.content[0].text, /"limit".*1 to 50/);
});

await check("unknown link type is a tool error naming the parameter and the valid types", async () => {
  const res = await client.callTool({ name: "ubp_get_graph", arguments: { link_types: ["likes"] } });
  assert.equal(res.isError, true);
  assert.match(res.content[0].text, /"link_types\[0\]".*references/s);
});

await check("unknown tool is a tool error listing the tools", async () => {
  const res = await client.callTool({ name: "ubp_write_page", arguments: {} });
  assert.equal(res.isError, true);
  assert.match(res.content[0].text, /unknown tool "ubp_write_page".*ubp_search/);
});

for (const method of ["resources/list", "prompts/list", "no/such/method"]) {
  await check(`${method} is -32601`, async () => {
    await assert.rejects(
      client.request({ method, params: {} }, EmptyResultSchema),
      (err) => err instanceof McpError && err.code === -32601,
    );
  });
}

if (mode === "http") {
  const sid = transport.sessionId;
  const post = (body, headers = {}) =>
    fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    });

  await check("initialize issued a session id", async () => {
    assert.ok(sid);
  });
  await check("request without session is 400 / -32600", async () => {
    const res = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, -32600);
  });
  await check("malformed JSON is 400 / -32700 and the session goes on", async () => {
    const res = await post(`{"jsonrpc":`, { "mcp-session-id": sid });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, -32700);
    await client.ping();
  });
  await check("Accept: application/json alone gets one JSON response", async () => {
    const res = await post(`{"jsonrpc":"2.0","id":"j","method":"tools/list","params":{}}`, { "mcp-session-id": sid, accept: "application/json" });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type"), /^application\/json/);
    assert.equal((await res.json()).result.tools.length, 6);
  });
  await check("foreign Origin is 403", async () => {
    const res = await post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`, { "mcp-session-id": sid, origin: "https://evil.example.com" });
    assert.equal(res.status, 403);
  });
  await check("GET with a foreign Origin is 403", async () => {
    const res = await fetch(target, { headers: { accept: "text/event-stream", "mcp-session-id": sid, origin: "http://evil.example.com" } });
    assert.equal(res.status, 403);
  });
  await check("terminate session (DELETE), then 404", async () => {
    await transport.terminateSession();
    const res = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, { "mcp-session-id": sid });
    assert.equal(res.status, 404);
  });
}

await client.close().catch(() => {});
console.log(`RESULT passed=${passed} failed=${failed}`);
process.exit(failed > 0 ? 1 : 0);
