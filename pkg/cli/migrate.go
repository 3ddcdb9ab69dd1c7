package cli

import (
	"context"
	"fmt"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/migrate"
	"github.com/asogen/asogen/pkg/openapi"
)

// migrateHub rewrites hand-written extensions typed against an older hub to the current hub
// (pkg/migrate's Run), before generation checks them.
func (a *app) migrateHub(cfg *config.Config) error {
	m, err := openapi.Build(context.Background(), cfg, specsOf(cfg))
	if err != nil {
		return err
	}
	rewritten, err := migrate.Run(cfg, m, handWrittenOf(cfg, nil))
	if err != nil {
		return err
	}
	for _, p := range rewritten {
		fmt.Fprintf(a.stdout, "migrated %s\n", a.shown(p))
	}
	if len(rewritten) == 0 {
		fmt.Fprintln(a.stdout, "asogen: no hand-written extension refers to an older hub; nothing to migrate")
	}
	return nil
}
