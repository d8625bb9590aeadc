"""The MkDocs plugin: one Material build per locale in worker processes, the caches kept between
builds, the search index, and putting a finished site in place."""
