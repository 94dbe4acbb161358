// Preload (node --require tests/targets/loopback.cjs) that pins every TCP server to 127.0.0.1.
//
// Many Node MCP servers (server-everything among them) call app.listen(PORT), which binds all
// interfaces. Tests must never expose a server beyond loopback, so this wraps
// net.Server.prototype.listen (which http/https/express servers inherit) and rewrites the host of
// every TCP listen to 127.0.0.1, whatever the caller asked for. Handled call shapes:
//   listen()                      listen(port[, host][, backlog][, cb])   port may be a numeric string
//   listen(options[, cb])         options.host replaced; options.path (unix socket) left alone
// Unix socket paths and handle/fd listens are not TCP-on-an-interface and pass through unchanged.
"use strict";

const net = require("net");

const LOOPBACK = "127.0.0.1";
const original = net.Server.prototype.listen;

function isPort(value) {
  if (typeof value === "number") return true;
  return typeof value === "string" && /^\d+$/.test(value);
}

function rewrite(args) {
  const rest = Array.from(args);
  const cb = typeof rest[rest.length - 1] === "function" ? rest.pop() : undefined;
  const first = rest[0];
  let options;
  if (first === undefined || first === null || isPort(first)) {
    // listen(port, host, backlog) / listen(port, backlog) / listen(): positional form.
    options = { port: first === undefined || first === null ? 0 : Number(first) };
    let i = 1;
    if (typeof rest[i] === "string") i += 1; // the requested host: overridden below
    if (typeof rest[i] === "number") options.backlog = rest[i];
  } else if (typeof first === "object" && !first._handle && first.fd === undefined) {
    if (first.path !== undefined) return args; // unix socket
    options = Object.assign({}, first);
  } else {
    return args; // unix socket path string, handle or fd
  }
  options.host = LOOPBACK;
  delete options.ipv6Only;
  return cb ? [options, cb] : [options];
}

net.Server.prototype.listen = function listen(...args) {
  return original.apply(this, rewrite(args));
};
