// Package project is a ubp project on disk: the folder holding
// .ubp/config.json, found from any folder below it (Find) or made by
// `ubp init` (Init), its configuration (Config: defaults, loading with
// errors that name the file and field, validation) and the paths of what
// .ubp/ holds (the index, its lock files).
//
// It reads and writes .ubp/config.json only; it imports engine/embed (the
// embedding configuration), index (discovery defaults) and ranking (the
// default fusion weights), and nothing that opens the index. Package
// engine names its types and functions under their engine names
// (engine.Project, engine.Config, engine.FindProject, ...).
package project
