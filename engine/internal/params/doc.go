// Package params checks the parameters of the engine's queries (query
// text, limits, depths, document and link types, fusion mode, minimum
// scores) and applies their defaults. A bad parameter is an
// *answer.ArgumentError naming it, which the CLI prints as a usage error
// and the MCP server returns as a tool error.
//
// It is pure: it imports engine/answer (for the error) and index (for the
// document and link types), and reads nothing.
package params
