/// A Star Wars film, with its release year, director and place in the saga.
package struct Film: Identifiable, Sendable, Hashable {
    package let title: String
    package let releaseYear: Int
    package let director: String
    /// Where it sits in the saga (`Episode IV`), or what it is when it is not an episode.
    package let place: String

    package var id: String { title }

    package init(title: String, releaseYear: Int, director: String, place: String) {
        self.title = title
        self.releaseYear = releaseYear
        self.director = director
        self.place = place
    }

    package static let all = [
        Film(title: "Star Wars: A New Hope", releaseYear: 1977, director: "George Lucas", place: "Episode IV"),
        Film(
            title: "Star Wars: The Empire Strikes Back", releaseYear: 1980, director: "Irvin Kershner",
            place: "Episode V"),
        Film(
            title: "Star Wars: Return of the Jedi", releaseYear: 1983, director: "Richard Marquand",
            place: "Episode VI"),
        Film(title: "Star Wars: The Phantom Menace", releaseYear: 1999, director: "George Lucas", place: "Episode I"),
        Film(
            title: "Star Wars: Clone Wars", releaseYear: 2003, director: "Genndy Tartakovsky",
            place: "animated micro-series"),
        Film(
            title: "Star Wars: Revenge of the Sith", releaseYear: 2005, director: "George Lucas",
            place: "Episode III"),
    ]
}
