package dev.fenced.example.bookshelf;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The API under {@code /bookshelf/api}. It lists no classes, so the server finds the resources and
 * providers, Fenced's {@code IdempotencyFeature} among them.
 */
@ApplicationPath("api")
public class BookshelfApplication extends Application {}
