/** The invoice export: a timer that runs on one instance, and the same export run by hand. */
package dev.fenced.example.bookshelf.invoices;
