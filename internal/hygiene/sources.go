// Package hygiene reads the repository's records of third-party material, for the tests that keep
// NOTICE complete (TestHygiene...): a SOURCES.md file beside copied material lists each copied
// file in a Markdown table row with its repository-relative path and commit in backquotes (or,
// for a file copied from a Go module's source, the module and version: `example.com/m@v1.2.3`),
// and names the repository it came from in bold (**Azure/azure-rest-api-specs**).
package hygiene

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pkg/errors"
)

// Entry is one file a SOURCES file lists.
type Entry struct {
	Sources    string // the SOURCES file, relative to the repository root (slashes)
	Line       int    // its line in the SOURCES file
	Repository string // owner/name of the repository it was copied from
	Path       string // the copy, relative to the repository root (slashes)
	Commit     string // the upstream commit of the copied file, or module@version for a Go module's
	SHA256     string // the SHA-256 the SOURCES file records, when the row has one
}

var (
	backquoted = regexp.MustCompile("`([^`]+)`")
	commitRE   = regexp.MustCompile(`^[0-9a-f]{40}$`)
	moduleRE   = regexp.MustCompile(`^[a-z0-9.-]+(/[A-Za-z0-9._~-]+)+@v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+incompatible)?$`)
	sha256RE   = regexp.MustCompile(`^[0-9a-f]{64}$`)
	repoRE     = regexp.MustCompile(`\*\*([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)\*\*`)
)

// skipDirs are folders that hold no committed material of the project.
var skipDirs = map[string]bool{".git": true, "bin": true, ".cache": true, "node_modules": true}

// skipDir reports folders outside the project's material: skipDirs, and the temporary trees
// other packages' tests write below a testdata folder while they run (.gitignore lists them).
func skipDir(p, name string) bool {
	temporary := strings.HasPrefix(name, "tmp-") || strings.HasPrefix(name, "fixture")
	return skipDirs[name] || (temporary && filepath.Base(filepath.Dir(p)) == "testdata")
}

// FindSources returns every SOURCES file under root (SOURCES, SOURCES.md or SOURCES.txt, any case),
// relative to root with slashes, in walk order.
func FindSources(root string) ([]string, error) {
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed while walking (another test's temporary tree)
		}
		if err != nil {
			return err
		}
		if d.IsDir() && skipDir(p, d.Name()) {
			return filepath.SkipDir
		}
		if !d.IsDir() && isSourcesName(d.Name()) {
			rel, err := filepath.Rel(root, p)
			found = append(found, filepath.ToSlash(rel))
			return err
		}
		return nil
	})
	return found, err
}

func isSourcesName(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return (ext == "" || ext == ".md" || ext == ".txt") && strings.EqualFold(strings.TrimSuffix(name, filepath.Ext(name)), "SOURCES")
}

// ParseSources reads the entries of the SOURCES file at rel (relative to root). A table row with
// a backquoted path but no commit, or a file without a bold repository name, is an error.
func ParseSources(root, rel string) ([]Entry, error) {
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	repo := repoRE.FindStringSubmatch(string(data))
	if repo == nil {
		return nil, errors.Errorf("%s names no source repository in bold (**owner/name**)", rel)
	}
	var entries []Entry
	for i, line := range strings.Split(string(data), "\n") {
		entry, ok, err := parseRow(line)
		if err != nil {
			return nil, errors.Wrapf(err, "%s:%d", rel, i+1)
		}
		if ok {
			entry.Sources, entry.Line, entry.Repository = rel, i+1, repo[1]
			entry.Path = path.Join(path.Dir(rel), entry.Path)
			entries = append(entries, entry)
		}
	}
	return entries, nil
}

// parseRow reads one table row: ok is false for lines that list no file.
func parseRow(line string) (Entry, bool, error) {
	if !strings.HasPrefix(strings.TrimSpace(line), "|") {
		return Entry{}, false, nil
	}
	var e Entry
	for _, m := range backquoted.FindAllStringSubmatch(line, -1) {
		switch v := m[1]; {
		case (commitRE.MatchString(v) || moduleRE.MatchString(v)) && e.Commit == "":
			e.Commit = v
		case sha256RE.MatchString(v) && e.SHA256 == "":
			e.SHA256 = v
		case strings.Contains(v, "/") && e.Path == "":
			e.Path = v
		}
	}
	if e.Path == "" {
		return Entry{}, false, nil
	}
	if e.Commit == "" {
		return Entry{}, false, errors.Errorf("row of %s has no commit (40 hex digits in backquotes) or Go module version (module@vX.Y.Z)", e.Path)
	}
	return e, true, nil
}

// Unnamed returns the entries notice does not name: an entry is named by a line holding both its
// path and its commit, and its repository must appear somewhere in notice.
func Unnamed(notice string, entries []Entry) []Entry {
	var missing []Entry
	lines := strings.Split(notice, "\n")
	for _, e := range entries {
		if !strings.Contains(notice, e.Repository) || !slices.ContainsFunc(lines, func(l string) bool {
			return containsWord(l, e.Path) && strings.Contains(l, e.Commit)
		}) {
			missing = append(missing, e)
		}
	}
	return missing
}

// containsWord reports whether line holds path as a whole whitespace-separated field, so that a
// listed a/b.json does not name a/b.json.orig.
func containsWord(line, path string) bool {
	return slices.Contains(strings.Fields(line), path)
}
