package config

import "gopkg.in/yaml.v3"

// maxExpandedNodes bounds alias expansion: a config that reuses a list or a mapping through
// aliases is expanded up to this many copied nodes, so an alias bomb stops with an error.
const maxExpandedNodes = 10_000

// expandAliases replaces every alias below n with a copy of its anchored node, so `&name` and
// `*name` work wherever a value is expected. Copies keep the anchor's positions (errors in them
// point at the text that wrote them). It stops at the first alias past the limit, reporting it.
func (d *decoder) expandAliases(n *yaml.Node) {
	budget := maxExpandedNodes
	d.expand(n, &budget)
}

// expand replaces the aliases among n's children; false once the budget is spent.
func (d *decoder) expand(n *yaml.Node, budget *int) bool {
	for i, c := range n.Content {
		if c.Kind == yaml.AliasNode {
			c = d.copyAlias(c, budget)
			if c == nil {
				return false
			}
			n.Content[i] = c
		}
		if !d.expand(c, budget) {
			return false
		}
	}
	return true
}

// copyAlias returns a copy of the node an alias names, nil (with the error reported) when the
// copy would pass the limit.
func (d *decoder) copyAlias(alias *yaml.Node, budget *int) *yaml.Node {
	target := alias.Alias
	for target != nil && target.Kind == yaml.AliasNode {
		target = target.Alias
	}
	*budget -= countNodes(target)
	if target == nil || *budget < 0 {
		d.errorf(alias, "alias *%s expands the config past %d nodes; write the values out instead", alias.Value, maxExpandedNodes)
		return nil
	}
	cp := *target
	cp.Content = append([]*yaml.Node(nil), target.Content...)
	cp.Anchor = ""
	return &cp
}

// countNodes counts the nodes a copy of n holds; aliases inside count one each here and are
// charged their own copies when expand reaches them, so an alias bomb spends the budget level by
// level and stops long before it is built.
func countNodes(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	total := 1
	for _, c := range n.Content {
		total += countNodes(c)
	}
	return total
}
