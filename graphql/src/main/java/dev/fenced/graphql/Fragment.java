package dev.fenced.graphql;

import java.util.List;

/** A fragment definition of the document (spec 2.8). */
record Fragment(
    String name, String typeCondition, List<Selection> selections, SourceLocation location) {}
