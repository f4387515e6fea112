/// An actor of the Star Wars films.
package struct Person: Identifiable, Sendable, Hashable {
    package let name: String
    /// The Star Wars character they played.
    package let role: String
    package let birthYear: Int

    package var id: String { name }

    package init(name: String, role: String, birthYear: Int) {
        self.name = name
        self.role = role
        self.birthYear = birthYear
    }

    /// Seven actors, with the parts they played and the years they were born.
    package static let all = [
        Person(name: "Mark Hamill", role: "Luke Skywalker", birthYear: 1951),
        Person(name: "Harrison Ford", role: "Han Solo", birthYear: 1942),
        Person(name: "Carrie Fisher", role: "Leia Organa", birthYear: 1956),
        Person(name: "Hayden Christensen", role: "Anakin Skywalker", birthYear: 1981),
        Person(name: "Ewan McGregor", role: "Obi-Wan Kenobi", birthYear: 1971),
        Person(name: "Natalie Portman", role: "Padmé Amidala", birthYear: 1981),
        Person(name: "Liam Neeson", role: "Qui-Gon Jinn", birthYear: 1952),
    ]
}
