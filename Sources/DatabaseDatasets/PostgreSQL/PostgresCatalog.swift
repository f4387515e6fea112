/// The statements that read PostgreSQL's catalog: relations with the planner's estimates, and
/// a relation's columns with its key.
///
/// Every value (a relation's name) is a parameter; the statements themselves are fixed text.
enum PostgresCatalog {
    /// Schemas' tables, views, materialized views, foreign and partitioned tables a person may
    /// read, with `pg_class.reltuples` as the estimate. A table never analyzed has -1 there
    /// (unknown); a partitioned table's estimate is the sum of its leaves' (each of them known),
    /// else its own; partitions are left out, their rows being the parent's. Columns: schema,
    /// name, kind, estimate; no order (the statements below add theirs).
    private static let readableRelations = """
        SELECT n.nspname, c.relname, c.relkind::text AS kind,
          CASE
            WHEN c.relkind = 'p' THEN COALESCE(
              (SELECT CASE WHEN bool_and(l.reltuples >= 0) THEN sum(l.reltuples)::int8 END
                 FROM pg_partition_tree(c.oid) AS t JOIN pg_class AS l ON l.oid = t.relid
                WHERE t.isleaf),
              CASE WHEN c.reltuples >= 0 THEN c.reltuples::int8 END)
            WHEN c.relkind IN ('r', 'm', 'f') AND c.reltuples >= 0 THEN c.reltuples::int8
          END AS estimate
        FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND NOT c.relispartition
          AND \(visibleSchema)
          AND has_any_column_privilege(c.oid, 'SELECT')
        """

    /// The schemas of `pg_namespace` (as `n`) a person may browse: not the system's, and those
    /// the user may look into.
    private static let visibleSchema = """
        n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
          AND has_schema_privilege(n.oid, 'USAGE')
        """

    /// Every readable relation of every schema, by schema then name.
    static let relations = readableRelations + "\nORDER BY n.nspname, c.relname"

    /// The readable relations of the schema `$1`, by name.
    static let relationsOfSchema = readableRelations + "\n  AND n.nspname = $1\nORDER BY c.relname"

    /// Each schema a person may browse, with its tables (plain, partitioned), its views
    /// (views, materialized views, foreign tables: those that may have no key) and the sum of
    /// their estimates (`NULL` when none is known), by name; a schema without any is listed
    /// with none.
    static let schemas = """
        WITH r AS (\(readableRelations))
        SELECT n.nspname,
               count(r.relname) FILTER (WHERE r.kind IN ('r', 'p')),
               count(r.relname) FILTER (WHERE r.kind IN ('v', 'm', 'f')),
               sum(r.estimate)::int8
          FROM pg_namespace AS n LEFT JOIN r ON r.nspname = n.nspname
         WHERE \(visibleSchema)
         GROUP BY n.nspname
         ORDER BY n.nspname
        """

    /// The relation named by `$1` (quoted, as ``DatabaseRelation/sql(_:)`` writes it): each
    /// column's name, declared type, base type (a domain's), and place in the key, in declared
    /// order. The key is the primary key, else the unique index with the fewest columns whose
    /// columns are all `NOT NULL` (no expression, no predicate), so paging by it is total.
    static let columns = """
        WITH r AS (SELECT to_regclass($1) AS oid),
        k AS (
          SELECT (SELECT array_agg(u.attnum ORDER BY u.n)
                    FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS u(attnum, n)
                   WHERE u.n <= i.indnkeyatts) AS keys
            FROM pg_index AS i, r
           WHERE i.indrelid = r.oid AND i.indisunique AND i.indisvalid
             AND i.indpred IS NULL AND i.indexprs IS NULL
             AND NOT EXISTS (
               SELECT 1 FROM pg_attribute AS a
                WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[]) AND NOT a.attnotnull)
           ORDER BY i.indisprimary DESC, i.indnkeyatts, i.indexrelid
           LIMIT 1)
        SELECT a.attname, format_type(a.atttypid, a.atttypmod),
               (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END)::int8,
               array_position((SELECT keys FROM k), a.attnum) - 1
          FROM r JOIN pg_attribute AS a ON a.attrelid = r.oid
          JOIN pg_type AS t ON t.oid = a.atttypid
         WHERE a.attnum > 0 AND NOT a.attisdropped
         ORDER BY a.attnum
        """

    /// For the type identifiers `$1` and modifiers `$2` (arrays, in a statement's column
    /// order): each one's declared name and base type.
    static let types = """
        SELECT format_type(u.oid, u.modifier),
               (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE u.oid END)::int8
          FROM unnest($1::oid[], $2::int4[]) WITH ORDINALITY AS u(oid, modifier, n)
          LEFT JOIN pg_type AS t ON t.oid = u.oid
         ORDER BY u.n
        """
}
