/// What the screen makes of PostgreSQL's built-in types, by the type's object identifier.
///
/// The identifiers of built-in types are fixed in every PostgreSQL release (`pg_type.dat`);
/// a domain is looked up by its base type before it gets here. Any type without a kind of its
/// own (text, uuid, json, arrays, intervals, money) is text.
package enum PostgresTypes {
    /// The kind of the type numbered `oid`.
    package static func kind(of oid: UInt32) -> DatabaseColumn.Kind {
        switch oid {
        case 20, 21, 23: .integer  // int8, int2, int4
        case 700, 701, 1700: .decimal  // float4, float8, numeric
        case 1082: .date
        case 1114, 1184: .timestamp  // timestamp, timestamptz
        case 16: .boolean
        default: .text
        }
    }
}
