#!/usr/bin/env node
// A streamable HTTP MCP server with every tool, resource and prompt the MCP conformance
// suite's server scenarios call (names and answers as the scenarios describe them), written
// for mcpvcr's replay fidelity tests on the low-level TypeScript SDK server.
//
// Usage: NODE_PATH=<node_modules holding @modelcontextprotocol/sdk> node fixture_server.cjs PORT
// Listens on 127.0.0.1:PORT, path /mcp, one session per initialize, answers POSTs as SSE
// streams (the SDK transport's default) and refuses a Host or Origin that is not loopback.

"use strict";

const http = require("node:http");
const zlib = require("node:zlib");
const { randomUUID } = require("node:crypto");
const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
const {
  StreamableHTTPServerTransport,
} = require("@modelcontextprotocol/sdk/server/streamableHttp.js");
const types = require("@modelcontextprotocol/sdk/types.js");

// -- media built here, so the fixture carries no opaque blobs -------------------------------

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(kind, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(kind, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function onePixelPng() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixels = zlib.deflateSync(Buffer.from([0, 0x20, 0x80, 0xe0])); // filter 0, one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]).toString("base64");
}

function shortWav() {
  const samples = Buffer.alloc(160); // 10 ms of silence at 8 kHz, 16-bit mono
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString("base64");
}

const PNG = onePixelPng();
const WAV = shortWav();
const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const text = (value) => ({ type: "text", text: value });
const noArguments = { type: "object", properties: {} };

// -- the catalogue --------------------------------------------------------------------------

const ELICIT_DEFAULTS = {
  type: "object",
  properties: {
    name: { type: "string", description: "Your name", default: "John Doe" },
    age: { type: "integer", description: "Your age", default: 30 },
    score: { type: "number", description: "Your score", default: 95.5 },
    status: {
      type: "string",
      description: "Account status",
      enum: ["active", "inactive", "pending"],
      default: "active",
    },
    verified: { type: "boolean", description: "Verified?", default: true },
  },
};

const ELICIT_ENUMS = {
  type: "object",
  properties: {
    untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
    titledSingle: {
      type: "string",
      oneOf: [
        { const: "value1", title: "First Option" },
        { const: "value2", title: "Second Option" },
        { const: "value3", title: "Third Option" },
      ],
    },
    legacyEnum: {
      type: "string",
      enum: ["opt1", "opt2", "opt3"],
      enumNames: ["Option One", "Option Two", "Option Three"],
    },
    untitledMulti: {
      type: "array",
      items: { type: "string", enum: ["option1", "option2", "option3"] },
    },
    titledMulti: {
      type: "array",
      items: {
        anyOf: [
          { const: "value1", title: "First Choice" },
          { const: "value2", title: "Second Choice" },
          { const: "value3", title: "Third Choice" },
        ],
      },
    },
  },
};

// Listed in this order on purpose (not alphabetical): a replay must keep the server's order.
const TOOLS = [
  { name: "test_simple_text", description: "Answers one text block." },
  { name: "test_image_content", description: "Answers a 1x1 PNG." },
  { name: "test_audio_content", description: "Answers a short WAV." },
  { name: "test_embedded_resource", description: "Answers an embedded text resource." },
  { name: "test_multiple_content_types", description: "Answers text, image and resource." },
  { name: "test_tool_with_logging", description: "Logs three info lines while it runs." },
  { name: "test_tool_with_progress", description: "Reports progress 0, 50 and 100 of 100." },
  { name: "test_error_handling", description: "Always fails with isError." },
  {
    name: "test_sampling",
    description: "Asks the client's model to answer a prompt.",
    inputSchema: {
      type: "object",
      properties: { prompt: { type: "string", description: "What to ask" } },
      required: ["prompt"],
    },
  },
  {
    name: "test_elicitation",
    description: "Asks the user for a username and an email.",
    inputSchema: {
      type: "object",
      properties: { message: { type: "string", description: "What to show the user" } },
      required: ["message"],
    },
  },
  {
    name: "test_elicitation_sep1034_defaults",
    description: "Elicits a form whose fields have defaults.",
  },
  { name: "test_elicitation_sep1330_enums", description: "Elicits every kind of enum field." },
  {
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: {
        address: {
          type: "object",
          properties: { street: { type: "string" }, city: { type: "string" } },
        },
      },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    },
  },
  { name: "test_roots", description: "Lists the client's roots (when it declared roots)." },
  { name: "test_list_changed", description: "Tells the client the tool list changed." },
].map((tool) => ({ inputSchema: noArguments, ...tool }));

const RESOURCES = [
  {
    uri: "test://static-text",
    name: "static-text",
    description: "A fixed text resource",
    mimeType: "text/plain",
  },
  {
    uri: "test://static-binary",
    name: "static-binary",
    description: "A fixed PNG",
    mimeType: "image/png",
  },
  {
    uri: "test://watched-resource",
    name: "watched-resource",
    description: "A resource clients may subscribe to",
    mimeType: "text/plain",
  },
];

const TEMPLATES = [
  {
    uriTemplate: "test://template/{id}/data",
    name: "template-data",
    description: "JSON data for an id",
    mimeType: "application/json",
  },
];

const PROMPTS = [
  { name: "test_simple_prompt", description: "A prompt without arguments" },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with two arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt embedding a resource",
    arguments: [{ name: "resourceUri", description: "URI to embed", required: true }],
  },
  { name: "test_prompt_with_image", description: "A prompt with an image" },
];

// -- behaviour --------------------------------------------------------------------------------

async function callTool(session, name, args, extra) {
  const log = async (data) => {
    if (LEVELS.indexOf("info") >= LEVELS.indexOf(session.level)) {
      const params = { level: "info", logger: "fixture", data };
      await extra.sendNotification({ method: "notifications/message", params });
    }
  };
  const elicit = async (message, requestedSchema) => {
    const answer = await extra.sendRequest(
      { method: "elicitation/create", params: { message, requestedSchema } },
      types.ElicitResultSchema,
    );
    return `action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  };
  const capabilities = session.server.getClientCapabilities() || {};
  switch (name) {
    case "test_simple_text":
      return { content: [text("This is a simple text response for testing.")] };
    case "test_image_content":
      return { content: [{ type: "image", data: PNG, mimeType: "image/png" }] };
    case "test_audio_content":
      return { content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] };
    case "test_embedded_resource":
      return {
        content: [
          {
            type: "resource",
            resource: {
              uri: "test://embedded-resource",
              mimeType: "text/plain",
              text: "This is an embedded resource content.",
            },
          },
        ],
      };
    case "test_multiple_content_types":
      return {
        content: [
          text("Multiple content types test:"),
          { type: "image", data: PNG, mimeType: "image/png" },
          {
            type: "resource",
            resource: {
              uri: "test://mixed-content-resource",
              mimeType: "application/json",
              text: JSON.stringify({ test: "data", value: 123 }),
            },
          },
        ],
      };
    case "test_tool_with_logging":
      await log("Tool execution started");
      await sleep(50);
      await log("Tool processing data");
      await sleep(50);
      await log("Tool execution completed");
      return { content: [text("Logged three messages.")] };
    case "test_tool_with_progress": {
      const token = extra._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (token !== undefined) {
          const params = { progressToken: token, progress, total: 100 };
          await extra.sendNotification({ method: "notifications/progress", params });
        }
        if (progress < 100) await sleep(50);
      }
      return { content: [text("Progress reported.")] };
    }
    case "test_error_handling":
      return {
        isError: true,
        content: [text("This tool intentionally returns an error for testing")],
      };
    case "test_sampling": {
      if (!capabilities.sampling) throw new Error("the client does not support sampling");
      const answer = await extra.sendRequest(
        {
          method: "sampling/createMessage",
          params: {
            messages: [{ role: "user", content: text(String(args.prompt ?? "")) }],
            maxTokens: 100,
          },
        },
        types.CreateMessageResultSchema,
      );
      const said = answer.content && answer.content.type === "text" ? answer.content.text : "";
      return { content: [text(`LLM response: ${said}`)] };
    }
    case "test_elicitation": {
      if (!capabilities.elicitation) throw new Error("the client does not support elicitation");
      const schema = {
        type: "object",
        properties: {
          username: { type: "string", description: "User's response" },
          email: { type: "string", description: "User's email address" },
        },
        required: ["username", "email"],
      };
      return { content: [text(`User response: ${await elicit(String(args.message), schema)}`)] };
    }
    case "test_elicitation_sep1034_defaults":
      return {
        content: [
          text(`Elicitation completed: ${await elicit("Defaults test", ELICIT_DEFAULTS)}`),
        ],
      };
    case "test_elicitation_sep1330_enums":
      return {
        content: [text(`Elicitation completed: ${await elicit("Enums test", ELICIT_ENUMS)}`)],
      };
    case "json_schema_2020_12_tool":
      return { content: [text(`Hello ${args.name ?? "nobody"}`)] };
    case "test_roots": {
      if (!capabilities.roots) return { content: [text("The client declared no roots.")] };
      const answer = await extra.sendRequest(
        { method: "roots/list" },
        types.ListRootsResultSchema,
      );
      return { content: [text(`Roots: ${answer.roots.map((root) => root.uri).join(", ")}`)] };
    }
    case "test_list_changed":
      await extra.sendNotification({ method: "notifications/tools/list_changed" });
      return { content: [text("Sent tools/list_changed.")] };
    default:
      throw new types.McpError(types.ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
}

function readResource(uri) {
  if (uri === "test://static-text") {
    const body = "This is the content of the static text resource.";
    return { contents: [{ uri, mimeType: "text/plain", text: body }] };
  }
  if (uri === "test://static-binary") {
    return { contents: [{ uri, mimeType: "image/png", blob: PNG }] };
  }
  if (uri === "test://watched-resource") {
    return { contents: [{ uri, mimeType: "text/plain", text: "Watched content." }] };
  }
  const match = /^test:\/\/template\/([^/]+)\/data$/.exec(uri);
  if (match) {
    const id = decodeURIComponent(match[1]);
    const data = JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
    return { contents: [{ uri, mimeType: "application/json", text: data }] };
  }
  throw new types.McpError(-32002, `Resource not found: ${uri}`);
}

function getPrompt(name, args) {
  const user = (content) => ({ role: "user", content });
  switch (name) {
    case "test_simple_prompt":
      return { messages: [user(text("This is a simple prompt for testing."))] };
    case "test_prompt_with_arguments":
      return {
        messages: [
          user(text(`Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`)),
        ],
      };
    case "test_prompt_with_embedded_resource":
      return {
        messages: [
          user({
            type: "resource",
            resource: {
              uri: String(args.resourceUri),
              mimeType: "text/plain",
              text: "Embedded resource content for testing.",
            },
          }),
          user(text("Please process the embedded resource above.")),
        ],
      };
    case "test_prompt_with_image":
      return {
        messages: [
          user({ type: "image", data: PNG, mimeType: "image/png" }),
          user(text("Please analyze the image above.")),
        ],
      };
    default:
      throw new types.McpError(types.ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  }
}

const COMPLETIONS = ["paris", "park", "party", "test", "testing"];

function newSession() {
  const server = new Server(
    { name: "mcpvcr-conformance-fixture", version: "1.0.0" },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      instructions: "A fixture for the MCP conformance suite's server scenarios.",
    },
  );
  const session = { server, level: "info", subscriptions: new Set() };
  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) =>
    callTool(session, request.params.name, request.params.arguments || {}, extra),
  );
  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({
    resources: RESOURCES,
  }));
  server.setRequestHandler(types.ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: TEMPLATES,
  }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) =>
    readResource(request.params.uri),
  );
  server.setRequestHandler(types.SubscribeRequestSchema, async (request) => {
    session.subscriptions.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(types.UnsubscribeRequestSchema, async (request) => {
    session.subscriptions.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler(types.ListPromptsRequestSchema, async () => ({ prompts: PROMPTS }));
  server.setRequestHandler(types.GetPromptRequestSchema, async (request) =>
    getPrompt(request.params.name, request.params.arguments || {}),
  );
  server.setRequestHandler(types.SetLevelRequestSchema, async (request) => {
    session.level = request.params.level;
    return {};
  });
  server.setRequestHandler(types.CompleteRequestSchema, async (request) => {
    const typed = String(request.params.argument.value || "");
    const values = COMPLETIONS.filter((value) => value.startsWith(typed));
    return { completion: { values, total: values.length, hasMore: false } };
  });
  return session;
}

// -- HTTP -------------------------------------------------------------------------------------

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

function loopbackHost(value) {
  if (!value) return false;
  try {
    return LOOPBACK.has(new URL(`http://${value}`).hostname);
  } catch {
    return false;
  }
}

function loopbackOrigin(value) {
  if (value === undefined) return true;
  try {
    return LOOPBACK.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

function refuse(res, status, message) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }));
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

const transports = new Map();

async function handle(req, res) {
  if (new URL(req.url, "http://127.0.0.1").pathname !== "/mcp") return refuse(res, 404, "Not found");
  // DNS rebinding: a web page on another name resolving here must not reach the server.
  if (!loopbackHost(req.headers.host) || !loopbackOrigin(req.headers.origin)) {
    return refuse(res, 403, "Forbidden: Host or Origin is not loopback");
  }
  const sessionId = req.headers["mcp-session-id"];
  if (sessionId !== undefined) {
    const transport = transports.get(sessionId);
    if (!transport) return refuse(res, 404, "Session not found");
    const body = req.method === "POST" ? await readJson(req) : undefined;
    return transport.handleRequest(req, res, body);
  }
  if (req.method !== "POST") return refuse(res, 400, "Missing Mcp-Session-Id");
  let body;
  try {
    body = await readJson(req);
  } catch {
    return refuse(res, 400, "Parse error");
  }
  if (!types.isInitializeRequest(body)) return refuse(res, 400, "Missing Mcp-Session-Id");
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => transports.set(id, transport),
  });
  transport.onclose = () => transport.sessionId && transports.delete(transport.sessionId);
  await newSession().server.connect(transport);
  return transport.handleRequest(req, res, body);
}

const port = Number(process.argv[2] || process.env.PORT || 0);
const httpServer = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    if (!res.headersSent) refuse(res, 500, String(error && error.message));
  });
});
httpServer.listen(port, "127.0.0.1", () => {
  process.stderr.write(`fixture listening on 127.0.0.1:${httpServer.address().port}\n`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
