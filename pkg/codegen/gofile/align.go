package gofile

import (
	"go/token"
	"text/tabwriter"

	"github.com/dave/dst"
)

// Struct fields and grouped const/var specs are the only places asogen's files have aligned
// columns. go/printer writes them as tabwriter cells: '\v' between cells, a hard tab per
// indentation level, literal text escaped, and gofmt's tabwriter settings. The direct printer
// writes the same cells through the same text/tabwriter, one block at a time.

const esc = tabwriter.Escape

// columns returns the tabwriter of one aligned block, writing into the output.
func (p *directPrinter) columns() *tabwriter.Writer {
	if p.tw == nil {
		p.tw = new(tabwriter.Writer)
	}
	return p.tw.Init(&p.out, 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns|tabwriter.TabIndent|tabwriter.StripEscape)
}

// blockLine starts a line of the block at the current indentation (hard tabs).
func (p *directPrinter) blockLine() {
	for range p.indent {
		p.cells.WriteByte('\t')
	}
}

// flushBlock aligns the block and writes it out.
func (p *directPrinter) flushBlock() {
	tw := p.columns()
	if _, err := tw.Write(p.cells.Bytes()); err != nil {
		panic(err) // writes into a bytes.Buffer do not fail
	}
	if err := tw.Flush(); err != nil {
		panic(err)
	}
	p.cells.Reset()
}

// blockComments writes a node's comment lines into the block.
func (p *directPrinter) blockComments(decs dst.Decorations) {
	for _, d := range decs {
		p.blockLine()
		p.printCell(func() { p.comment(d) })
		p.cells.WriteByte('\n')
	}
}

// sub prints an expression on its own and returns its text, for a cell.
func (p *directPrinter) sub(print func()) string {
	mark := p.out.Len()
	print()
	text := string(p.out.Bytes()[mark:])
	p.out.Truncate(mark)
	return text
}

// printCell prints an expression as a cell of the block under construction: printed into the
// output, moved to the block, and taken off the output again.
func (p *directPrinter) printCell(print func()) {
	mark := p.out.Len()
	print()
	p.cells.WriteByte(esc)
	p.cells.Write(p.out.Bytes()[mark:])
	p.cells.WriteByte(esc)
	p.out.Truncate(mark)
}

// structType prints struct{...}: each field on its own line, names, types and tags aligned.
func (p *directPrinter) structType(st *dst.StructType) {
	checkNode(&st.Decs.NodeDecs, st.Decs.Struct)
	fl := st.Fields
	checkNode(&fl.Decs.NodeDecs, fl.Decs.Opening)
	if len(fl.List) == 0 {
		p.str("struct{}")
		return
	}
	sep := "\v"
	if len(fl.List) == 1 {
		sep = " "
		if f := fl.List[0]; f.Tag == nil && f.Decs.Before == dst.None {
			giveUp("struct that go/printer may keep on one line")
		}
	}
	p.str("struct {\n")
	p.indent++
	for _, f := range fl.List {
		p.structField(f, sep)
	}
	p.flushBlock()
	p.indent--
	p.tabs()
	p.str("}")
}

// structField writes a field's doc lines and its cells: go/printer's fieldList writes
// name sep type [sep sep tag] for a named field and type [sep tag] for an embedded one.
func (p *directPrinter) structField(f *dst.Field, sep string) {
	checkNode(&f.Decs.NodeDecs, f.Decs.Type)
	// go/printer breaks the line before every field of a struct it does not keep on one line;
	// without a line break before it, a doc comment would be placed by source positions.
	switch {
	case f.Decs.Before == dst.EmptyLine, f.Decs.After == dst.EmptyLine:
		giveUp("blank line in a struct")
	case f.Decs.Before == dst.None && len(f.Decs.Start) > 0:
		giveUp("struct field comment on the opening line")
	}
	p.blockComments(f.Decs.Start)
	p.blockLine()
	if len(f.Names) > 0 {
		p.printCell(func() { p.identList(f.Names) })
		p.cells.WriteString(sep)
	}
	p.printCell(func() { p.fieldType(f.Type) })
	if f.Tag != nil {
		if len(f.Names) > 0 && sep == "\v" {
			p.cells.WriteString(sep)
		}
		p.cells.WriteString(sep)
		p.printCell(func() { p.expr(f.Tag) })
	}
	p.cells.WriteByte('\n')
}

// fieldType prints a field's type, which must fit on one line.
func (p *directPrinter) fieldType(t dst.Expr) {
	switch t.(type) {
	case *dst.StructType, *dst.InterfaceType, *dst.FuncType:
		giveUp("inline struct, interface or func type in a field")
	}
	p.expr(t)
}

// valueBlock prints the specs of a grouped const or var declaration, one per line, aligned.
func (p *directPrinter) valueBlock(specs []dst.Spec) {
	p.str("\n")
	p.indent++
	if len(specs) == 1 {
		s := specs[0].(*dst.ValueSpec)
		p.checkBlockSpec(s)
		p.tabs()
		p.comments(s.Decs.Start)
		p.spec(&dst.ValueSpec{Names: s.Names, Type: s.Type, Values: s.Values}, token.VAR)
		p.nl()
		p.indent--
		return
	}
	keep := keepTypeColumn(specs)
	for i, s := range specs {
		p.valueSpec(s.(*dst.ValueSpec), keep[i])
	}
	p.flushBlock()
	p.indent--
}

func (p *directPrinter) checkBlockSpec(s *dst.ValueSpec) {
	checkNode(&s.Decs.NodeDecs, s.Decs.Assign)
	if s.Decs.Before == dst.EmptyLine || s.Decs.After == dst.EmptyLine {
		giveUp("blank line in a const or var block")
	}
}

// valueSpec writes go/printer's cells for a spec of a group: names [sep type] [sep = values].
func (p *directPrinter) valueSpec(s *dst.ValueSpec, keepType bool) {
	p.checkBlockSpec(s)
	p.blockComments(s.Decs.Start)
	p.blockLine()
	p.printCell(func() { p.identList(s.Names) })
	if s.Type != nil || keepType {
		p.cells.WriteByte('\v')
	}
	if s.Type != nil {
		p.printCell(func() { p.expr(s.Type) })
	}
	if s.Values != nil {
		p.cells.WriteByte('\v')
		p.printCell(func() { p.str("= "); p.exprList(s.Values, 1) })
	}
	p.cells.WriteByte('\n')
}

// keepTypeColumn is go/printer's rule: in a run of specs with values, the type column is kept
// for all of them when any has a type.
func keepTypeColumn(specs []dst.Spec) []bool {
	keep := make([]bool, len(specs))
	start, keepType := -1, false
	populate := func(end int) {
		for i := start; keepType && i < end; i++ {
			keep[i] = true
		}
	}
	for i, s := range specs {
		v := s.(*dst.ValueSpec)
		if v.Values != nil {
			if start < 0 {
				start, keepType = i, false
			}
		} else if start >= 0 {
			populate(i)
			start = -1
		}
		if v.Type != nil {
			keepType = true
		}
	}
	if start >= 0 {
		populate(len(specs))
	}
	return keep
}
