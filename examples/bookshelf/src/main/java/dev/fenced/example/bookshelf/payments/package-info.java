/** The fake payment provider: slow on purpose, and it counts every charge. */
package dev.fenced.example.bookshelf.payments;
